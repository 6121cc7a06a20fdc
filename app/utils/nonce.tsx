import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
/** The CSP nonce of this response (server render only; the browser does not need it). */
export const useNonce = () => useContext(NonceContext);
