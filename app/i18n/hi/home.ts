export const home: Readonly<Record<string, string>> = {};
