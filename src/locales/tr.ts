// Placeholder until the translation lands: English.
export { default } from './en.js'
