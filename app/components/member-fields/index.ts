// The member forms' sections (registration; account details reuses them with some fields locked).
export * from "./fields";
export * from "./sponsor-section";
export * from "./personal-section";
export * from "./address-section";
export * from "./nominee-section";
export * from "./kyc-section";
export * from "./bank-section";
export * from "./upload-field";
