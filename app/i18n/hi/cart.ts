export const cart: Readonly<Record<string, string>> = {};
