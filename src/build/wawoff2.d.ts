declare module 'wawoff2/decompress.js' {
  /** WOFF2 to TrueType (Google's woff2 decoder, compiled to WebAssembly). */
  export default function decompress(woff2: Uint8Array): Promise<Uint8Array>
}
