/**
 * A strict XML parse for tests: saxes checks well-formedness as XML 1.0 and Namespaces in XML define it
 * (a bare `&` or `<`, `]]>` in text, a control character, an unbound prefix, a stray end tag all
 * throw), and the result is a small tree to query. Lenient feed parsers recover from what this refuses.
 */
import { SaxesParser } from "saxes";

export interface XmlNode {
  /** The qualified name as written (`content:encoded`). */
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  /** The element's own text (character data and CDATA, references resolved), children's excluded. */
  text: string;
}

/** The document's root element. Throws on anything that is not well-formed XML. */
export function parseStrictXml(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const root: XmlNode = { name: "#document", attributes: {}, children: [], text: "" };
  const open: XmlNode[] = [root];
  const current = () => open[open.length - 1] ?? root;
  parser.on("error", (error) => {
    throw error;
  });
  parser.on("opentag", (tag) => {
    const attributes = Object.fromEntries(Object.values(tag.attributes).map((a) => [a.name, a.value]));
    const node: XmlNode = { name: tag.name, attributes, children: [], text: "" };
    current().children.push(node);
    open.push(node);
  });
  parser.on("closetag", () => {
    open.pop();
  });
  parser.on("text", (text) => {
    current().text += text;
  });
  parser.on("cdata", (text) => {
    current().text += text;
  });
  parser.write(xml).close();
  const [element, ...others] = root.children;
  if (!element || others.length > 0) throw new Error("not exactly one root element");
  return element;
}

/** The element's children named `name`. */
export function childrenNamed(node: XmlNode, name: string): XmlNode[] {
  return node.children.filter((child) => child.name === name);
}

/** Every element named `name` under `node`, at any depth. */
export function descendantsNamed(node: XmlNode, name: string): XmlNode[] {
  return node.children.flatMap((child) => [
    ...(child.name === name ? [child] : []),
    ...descendantsNamed(child, name),
  ]);
}
