// A part of a message catalogue (client/catalogue-parts.ts).
declare module '*.json?part=core' {
  const catalogue: import('./lib/translator.ts').Catalogue;
  export default catalogue;
}
declare module '*.json?part=rest' {
  const catalogue: import('./lib/translator.ts').Catalogue;
  export default catalogue;
}
// The part in the en-XB pseudo-locale (client/pseudo-locale.ts).
declare module '*.json?part=core&pseudo' {
  const catalogue: import('./lib/translator.ts').Catalogue;
  export default catalogue;
}
declare module '*.json?part=rest&pseudo' {
  const catalogue: import('./lib/translator.ts').Catalogue;
  export default catalogue;
}
