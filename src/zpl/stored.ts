// Stored formats: `^DFname` keeps the rest of its format on the printer instead of printing it, and
// `^XFname` in a later format recalls it, its `^FNn` fields filled with the recall's `^FNn^FD…^FS`
// data (what an ERP sends: the template once, then only the data). Here, between the tokeniser and
// the interpreter: a stored format's commands are kept and played back in place of each recall,
// with a `^FD` of the recall's value put before each `^FNn` field's `^FS`. The interpreter still
// sees `^DF` (its format prints nothing) and an `^XF` of a format never stored (listed as unknown).
import { ZPL_MAX_RECALLED, ZPL_MAX_STORED, ZplError } from "./limits";
import type { ZplCommand } from "./tokens";

/** "R:SHIP.ZPL", "ship.zpl" and "SHIP" are the same stored object (a graphic's ".GRF" too). */
export function objectName(s: string, ext: string): string {
  const name = s
    .trim()
    .toUpperCase()
    .replace(/^[REBA]:/, "");
  return name.endsWith(`.${ext}`) ? name.slice(0, -ext.length - 1) : name;
}

/** ^FN's field number ("1", `1"Prompt"`), or null. */
const fieldNumber = (params: string): number | null => {
  const m = /^\s*(\d+)/.exec(params);
  return m ? Number(m[1]) : null;
};

interface Value {
  readonly data: string;
  /** the recall field's ^FH, its escapes read as the value is */
  readonly hex: ZplCommand | null;
}

const FD = (params: string): ZplCommand => ({ prefix: "^", name: "FD", params });

export function* expandStored(commands: Iterable<ZplCommand>): Generator<ZplCommand> {
  const formats = new Map<string, ZplCommand[]>();
  let storedCount = 0;
  let recalled = 0;
  // the format being stored (after its ^DF), or being recalled (after its ^XF)
  let storing: ZplCommand[] | null = null;
  let recall: { template: ZplCommand[]; values: Map<number, Value>; rest: ZplCommand[] } | null = null;
  // a field of the recall: its ^FN number, data and ^FH so far
  let field: { n: number | null; data: string | null; hex: ZplCommand | null; cmds: ZplCommand[] } = {
    n: null,
    data: null,
    hex: null,
    cmds: [],
  };

  const keep = (list: ZplCommand[], cmd: ZplCommand) => {
    if (++storedCount > ZPL_MAX_STORED)
      throw new ZplError("zpl.error.storedTooLarge", { max: ZPL_MAX_STORED });
    list.push(cmd);
  };

  /** The stored format with the recall's values, its fields ending in a ^FD of their value. */
  function* playBack(template: readonly ZplCommand[], values: ReadonlyMap<number, Value>) {
    recalled += template.length;
    if (recalled > ZPL_MAX_RECALLED) throw new ZplError("zpl.error.storedTooLarge", { max: ZPL_MAX_STORED });
    let n: number | null = null;
    for (const cmd of template) {
      if (cmd.name === "FN") n = fieldNumber(cmd.params);
      else if (cmd.name === "FS") {
        const v = n === null ? undefined : values.get(n);
        if (v) {
          if (v.hex) yield v.hex;
          yield FD(v.data);
        }
        n = null;
      }
      yield cmd;
    }
  }

  for (const cmd of commands) {
    const n = cmd.name;
    if (storing) {
      if (n === "XZ") {
        storing = null;
        yield cmd;
      } else keep(storing, cmd);
      continue;
    }
    if (recall) {
      if (n === "XZ") {
        yield* playBack(recall.template, recall.values);
        yield* recall.rest;
        yield* field.cmds;
        recall = null;
        yield cmd;
        continue;
      }
      // the recall's own fields: a ^FN one is a value, any other is drawn after the stored format
      field.cmds.push(cmd);
      if (n === "FN") field.n = fieldNumber(cmd.params);
      else if (n === "FD" || n === "FV") field.data = cmd.params;
      else if (n === "FH") field.hex = cmd;
      else if (n === "FS") {
        if (field.n !== null) recall.values.set(field.n, { data: field.data ?? "", hex: field.hex });
        else for (const c of field.cmds) keep(recall.rest, c);
        field = { n: null, data: null, hex: null, cmds: [] };
      }
      continue;
    }
    if (n === "DF") {
      storing = [];
      formats.set(objectName(cmd.params, "ZPL"), storing);
      yield cmd;
      continue;
    }
    if (n === "XF") {
      const template = formats.get(objectName(cmd.params, "ZPL"));
      if (template) {
        recall = { template, values: new Map(), rest: [] };
        field = { n: null, data: null, hex: null, cmds: [] };
        continue;
      }
    }
    yield cmd;
  }
  // a recall the file ends in without its ^XZ still shows
  if (recall) {
    yield* playBack(recall.template, recall.values);
    yield* recall.rest;
    yield* field.cmds;
  }
}
