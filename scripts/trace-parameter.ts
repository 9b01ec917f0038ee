/**
 * A static trace of one parameter (issue 29's measure, after the style review of 2026-11-28 §3):
 * from a function and one of its parameters, every function the parameter is handed to by name
 * (`f(ctx, shopper)` hands `shopper` to f's second parameter), then from there on, read with the
 * TypeScript compiler and never run. The trace cannot follow a return value, a property
 * (`shopper.session`) or a parameter renamed in a destructuring.
 *
 *   node scripts/trace-parameter.ts server/src/services/checkout/place-order.ts placeOrder shopper
 *
 * It prints the walk (depth first; a function already walked is entered again but not walked
 * twice), then: stops (functions entered, the start included), hops, distinct files, returns to a
 * file already left (in the walk's order of files, consecutive entries of one file counted once),
 * and per file its visits, its entries (its runs in the walk's order of files) and its calls in.
 *
 * Entries count a file again each time the walk comes back to it from a callee: basket code that
 * calls a helper file and goes on is entered twice, though no caller outside it called it twice.
 * "Calls in" is what "entering a file" means to its callers: the calls of the walk made into the
 * file by a function of another file (each call site once, a function already walked included).
 * The same is counted per folder (calls into the files directly in a folder from a file in another
 * folder, a subfolder included), and the calls in are listed, caller and callee.
 */
import path from 'node:path';
import ts from 'typescript';

type FunctionLike = ts.FunctionDeclaration | ts.MethodDeclaration | ts.ArrowFunction | ts.FunctionExpression;

export interface Step {
  depth: number;
  file: string;
  fn: string;
  param: string;
  /** The step that called this one (its index in the walk); none for the start. */
  caller?: number;
}

export interface Trace {
  walk: Step[];
  stops: number;
  hops: number;
  distinctFiles: number;
  returns: number;
  visits: Record<string, number>;
  /** File entries: the walk's files with consecutive entries of one file counted once. */
  entries: Record<string, number>;
  /** Calls into a file made by a function of another file, per file. */
  callsIn: Record<string, number>;
  /** Calls into the files directly in a folder made by a function of a file in another folder, per folder. */
  callsInFolder: Record<string, number>;
}

function program(root: string): ts.Program {
  const configPath = ts.findConfigFile(root, ts.sys.fileExists, 'tsconfig.json');
  if (!configPath) throw new Error('no tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, path.dirname(configPath));
  return ts.createProgram(parsed.fileNames, parsed.options);
}

const isFunctionLike = (node: ts.Node): node is FunctionLike =>
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node);

/** The function a declaration names: itself, or the arrow or function a const holds. */
function functionOf(declaration: ts.Declaration | undefined): FunctionLike | undefined {
  if (!declaration) return undefined;
  if (isFunctionLike(declaration)) return declaration;
  if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
    let init: ts.Expression = declaration.initializer;
    while (ts.isAsExpression(init) || ts.isParenthesizedExpression(init) || ts.isSatisfiesExpression(init))
      init = init.expression;
    if (isFunctionLike(init)) return init;
  }
  return undefined;
}

function nameOf(fn: FunctionLike): string {
  if (fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return '(anonymous)';
}

/** The trace of `param` from `functionName` in `file`, read in the project whose tsconfig.json is in `root`. */
export function traceParameter(file: string, functionName: string, param: string, root = process.cwd()): Trace {
  const inProject = (name: string) =>
    !name.includes('/node_modules/') && !name.includes('/generated/') && name.startsWith(root);
  const prog = program(root);
  const checker = prog.getTypeChecker();
  const source = prog.getSourceFile(path.resolve(root, file));
  if (!source) throw new Error(`${file} is not in the program`);
  let start: FunctionLike | undefined;
  const find = (node: ts.Node) => {
    if (!start && isFunctionLike(node) && nameOf(node) === functionName) start = node;
    ts.forEachChild(node, find);
  };
  find(source);
  if (!start) throw new Error(`${functionName} is not in ${file}`);

  const walk: Trace['walk'] = [];
  const walked = new Set<string>();
  const keyOf = (fn: FunctionLike, name: string) => `${fn.getSourceFile().fileName}:${fn.pos}:${name}`;

  const visit = (fn: FunctionLike, name: string, depth: number, caller?: number) => {
    const here = walk.length;
    const file = path.relative(root, fn.getSourceFile().fileName);
    walk.push({ depth, file, fn: nameOf(fn), param: name, ...(caller === undefined ? {} : { caller }) });
    const key = keyOf(fn, name);
    if (walked.has(key)) return;
    walked.add(key);
    const calls: Array<{ target: FunctionLike; param: string }> = [];
    const scan = (node: ts.Node) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const args = node.arguments ?? ts.factory.createNodeArray();
        args.forEach((arg, index) => {
          if (!ts.isIdentifier(arg) || arg.text !== name) return;
          let symbol = checker.getSymbolAtLocation(node.expression);
          if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
          const target = functionOf(symbol?.valueDeclaration ?? symbol?.declarations?.[0]);
          if (!target || !inProject(target.getSourceFile().fileName)) return;
          const parameter = target.parameters[index];
          if (!parameter || !ts.isIdentifier(parameter.name)) return;
          calls.push({ target, param: parameter.name.text });
        });
      }
      ts.forEachChild(node, scan);
    };
    if (fn.body) scan(fn.body);
    for (const call of calls) visit(call.target, call.param, depth + 1, here);
  };
  visit(start, param, 0);

  const files = walk.map((step) => step.file);
  const collapsed = files.filter((f, i) => i === 0 || files[i - 1] !== f);
  const seen = new Set<string>();
  let returns = 0;
  for (const f of collapsed) {
    if (seen.has(f)) returns += 1;
    seen.add(f);
  }
  const visits: Record<string, number> = {};
  for (const f of files) visits[f] = (visits[f] ?? 0) + 1;
  const entries: Record<string, number> = {};
  for (const f of collapsed) entries[f] = (entries[f] ?? 0) + 1;
  const callsIn: Record<string, number> = {};
  const callsInFolder: Record<string, number> = {};
  for (const step of walk) {
    if (step.caller === undefined) continue;
    const from = walk[step.caller]!.file;
    if (from !== step.file) callsIn[step.file] = (callsIn[step.file] ?? 0) + 1;
    const folder = path.dirname(step.file);
    if (path.dirname(from) !== folder) callsInFolder[folder] = (callsInFolder[folder] ?? 0) + 1;
  }
  return {
    walk,
    stops: walk.length,
    hops: walk.length - 1,
    distinctFiles: seen.size,
    returns,
    visits,
    entries,
    callsIn,
    callsInFolder,
  };
}

/** The calls of the walk into `file` from a function of another file: "caller (its file) -> callee". */
export function callsInto(trace: Trace, file: string): string[] {
  return trace.walk.flatMap((step) => {
    const caller = step.caller === undefined ? undefined : trace.walk[step.caller];
    return caller && step.file === file && caller.file !== file ? [`${caller.fn} (${caller.file}) -> ${step.fn}`] : [];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, fn, param] = process.argv.slice(2);
  if (!file || !fn || !param) {
    console.error('usage: node scripts/trace-parameter.ts <file> <function> <parameter>');
    process.exit(2);
  }
  const trace = traceParameter(file, fn, param);
  for (const step of trace.walk) console.log(`${'  '.repeat(step.depth)}${step.fn}(${step.param})  ${step.file}`);
  console.log(
    `\nstops ${trace.stops}, hops ${trace.hops}, distinct files ${trace.distinctFiles}, returns ${trace.returns}`,
  );
  console.log('visits  entries  calls in  file');
  const byVisits = Object.entries(trace.visits).sort((a, b) => b[1] - a[1]);
  for (const [f, n] of byVisits) {
    const columns = [
      String(n).padStart(6),
      String(trace.entries[f]).padStart(7),
      String(trace.callsIn[f] ?? 0).padStart(8),
    ];
    console.log(`${columns.join('  ')}  ${f}`);
  }
  console.log('\ncalls in  folder (calls into its files from a file in another folder)');
  for (const [folder, n] of Object.entries(trace.callsInFolder).sort((a, b) => b[1] - a[1]))
    console.log(`${String(n).padStart(8)}  ${folder}`);
  console.log('\ncalls into a file from a function of another file');
  for (const [f] of byVisits) {
    const calls = callsInto(trace, f);
    if (calls.length === 0) continue;
    console.log(`${f} (${calls.length})`);
    for (const call of calls) console.log(`  ${call}`);
  }
}
