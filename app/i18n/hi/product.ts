export const product: Readonly<Record<string, string>> = {};
