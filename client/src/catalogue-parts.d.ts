// A part of a message catalogue (client/catalogue-parts.ts).
declare module '*.json?part=core' {
  const catalogue: import('./lib/translator.ts').Catalogue;
  export default catalogue;
}
declare module '*.json?part=rest' {
  const catalogue: import('./lib/translator.ts').Catalogue;
  export default catalogue;
}
