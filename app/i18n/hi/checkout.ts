export const checkout: Readonly<Record<string, string>> = {};
