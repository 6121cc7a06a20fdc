export const register: Readonly<Record<string, string>> = {};
