export * from "./settings";
export * from "./system";
export * from "./reviews";
