/**
 * css-tree's parts, imported one by one (app/contract/page-css.ts): its main entry also
 * loads the lexer and its syntax data, which page CSS does not need. @types/css-tree
 * types only the main entry; these are the same functions.
 */
declare module 'css-tree/parser' {
  const parse: typeof import('css-tree').parse
  export default parse
}

declare module 'css-tree/generator' {
  const generate: typeof import('css-tree').generate
  export default generate
}

declare module 'css-tree/convertor' {
  const convertor: { toPlainObject: typeof import('css-tree').toPlainObject; fromPlainObject: typeof import('css-tree').fromPlainObject }
  export default convertor
}
