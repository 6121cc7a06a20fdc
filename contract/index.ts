export * from "./common";
export * as catalogue from "./catalogue";
export * as cart from "./cart";
export * as reviews from "./reviews";
export * as auth from "./auth";
export * as contact from "./contact";
export * as registration from "./registration";
