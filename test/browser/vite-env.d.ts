// Vite client types (import.meta.glob, CSS side-effect imports) for the tests that import component CSS.
/// <reference types="vite/client" />
