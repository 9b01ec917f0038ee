/**
 * The sweep's only source of randomness: a small seeded generator (mulberry32), so that CI sends
 * the same cases on every run (issue 17: "a fixed seed"), and a string generator for the subset of
 * regular expressions the contract's `pattern`s use (anchors, literals, escapes, character
 * classes with ranges, groups and the quantifiers `? * + {n} {m,n}`).
 */

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const DIGITS = '0123456789';
const WORD = `${LOWER}${UPPER}${DIGITS}_`;

type Node =
  | { kind: 'set'; chars: string; min: number; max: number }
  | { kind: 'group'; alternatives: Node[][]; min: number; max: number };

/** Characters of a class body such as `A-HJ-NPR-Z0-9` or `a-z_.-`. */
function expandClass(body: string): string {
  let chars = '';
  for (let i = 0; i < body.length; i += 1) {
    let c = body[i]!;
    if (c === '\\') {
      i += 1;
      c = body[i]!;
      chars += c === 'd' ? DIGITS : c === 'w' ? WORD : c === 's' ? ' ' : c;
    } else if (body[i + 1] === '-' && i + 2 < body.length) {
      for (let code = c.charCodeAt(0); code <= body.charCodeAt(i + 2); code += 1) chars += String.fromCharCode(code);
      i += 2;
    } else {
      chars += c;
    }
  }
  return chars;
}

/** Parses a sequence up to `)` or the end; `at` is the shared read position. */
function parseSequence(source: string, at: { i: number }): Node[][] {
  const alternatives: Node[][] = [[]];
  while (at.i < source.length && source[at.i] !== ')') {
    const c = source[at.i]!;
    at.i += 1;
    let node: Node;
    if (c === '^' || c === '$') continue;
    if (c === '|') {
      alternatives.push([]);
      continue;
    }
    if (c === '[') {
      const end = source.indexOf(']', at.i + 1);
      node = { kind: 'set', chars: expandClass(source.slice(at.i, end)), min: 1, max: 1 };
      at.i = end + 1;
    } else if (c === '(') {
      if (source.startsWith('?:', at.i)) at.i += 2;
      node = { kind: 'group', alternatives: parseSequence(source, at), min: 1, max: 1 };
      at.i += 1;
    } else if (c === '\\') {
      const e = source[at.i]!;
      at.i += 1;
      const chars = e === 'd' ? DIGITS : e === 'w' ? WORD : e === 'S' ? `${LOWER}${DIGITS}` : e === 's' ? ' ' : e;
      node = { kind: 'set', chars, min: 1, max: 1 };
    } else {
      node = { kind: 'set', chars: c === '.' ? LOWER : c, min: 1, max: 1 };
    }
    const q = source[at.i];
    if (q === '?' || q === '*' || q === '+') {
      node.min = q === '+' ? 1 : 0;
      node.max = q === '?' ? 1 : 8;
      at.i += 1;
    } else if (q === '{') {
      const end = source.indexOf('}', at.i);
      const [min, max] = source.slice(at.i + 1, end).split(',');
      node.min = Number(min);
      node.max = max === undefined ? Number(min) : max === '' ? node.min + 8 : Number(max);
      at.i = end + 1;
    }
    alternatives[alternatives.length - 1]!.push(node);
  }
  return alternatives;
}

function emit(random: Random, alternatives: Node[][]): string {
  let out = '';
  for (const node of random.pick(alternatives)) {
    const count = random.int(node.min, Math.min(node.max, node.min + 12));
    for (let n = 0; n < count; n += 1) {
      out += node.kind === 'set' ? random.pick([...node.chars]) : emit(random, node.alternatives);
    }
  }
  return out;
}

/** A string matching `pattern` (for the subset above; callers confirm with the contract's validator). */
export function fromPattern(random: Random, pattern: string): string {
  return emit(random, parseSequence(pattern, { i: 0 }));
}
