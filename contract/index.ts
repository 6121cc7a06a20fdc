export * from "./common";
export * as catalogue from "./catalogue";
export * as cart from "./cart";
