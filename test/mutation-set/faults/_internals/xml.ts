/** JSON values as an XML mapper writes them (Jackson's XmlMapper): what a server sends when XML wins content negotiation. */

import { isPlainObject } from '../../../../src/reference/json.js';

const escaped = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The value as an element of this name: a member per child element, null and an empty object as an empty element, an array as its items repeated inside. */
export function xmlElement(name: string, value: unknown): string {
  if (value === null || value === undefined) return `<${name}/>`;
  if (Array.isArray(value)) return `<${name}>${value.map((item) => xmlElement(name, item)).join('')}</${name}>`;
  if (isPlainObject(value)) {
    const members = Object.entries(value).map(([member, inner]) => xmlElement(member, inner));
    return members.length === 0 ? `<${name}/>` : `<${name}>${members.join('')}</${name}>`;
  }
  return `<${name}>${escaped(String(value))}</${name}>`;
}
