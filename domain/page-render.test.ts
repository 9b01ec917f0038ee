/** The page's data in its script element (domain/page-render.ts jsonForScript, docs/decisions/006). */
import { describe, expect, it } from 'vitest';
import { jsonForScript } from './page-render.ts';

describe('jsonForScript', () => {
  const hostile = {
    name: '</script><script>alert(1)</script>',
    comment: '<!-- a comment --> and <![CDATA[',
    separators: 'line\u2028paragraph\u2029end',
    plain: 'Aurora Sport Tourer £99 & "quoted"',
  };

  it('writes no "<" and no line separator that could end the element or the script', () => {
    const text = jsonForScript(hostile);
    expect(text).not.toContain('<');
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(text).toContain('\\u003c/script>');
    expect(text).toContain('line\\u2028paragraph\\u2029end');
  });

  it('reads back unchanged with JSON.parse', () => {
    expect(JSON.parse(jsonForScript(hostile))).toEqual(hostile);
    expect(JSON.parse(jsonForScript({ data: {}, failures: {} }))).toEqual({ data: {}, failures: {} });
  });
});
