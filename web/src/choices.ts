// Choosing a decision one step at a time (a card, then a player, then a guess) from the list
// of legal decisions the server sent: only what the list has is ever offered, and a step
// whose answer is the same for every remaining decision is taken without asking.

export interface Step {
  key: string;
  label: string;
  ask: string;
}

export interface Choice {
  decision: Record<string, unknown>;
  label: string;
  steps: Step[];
}

export type Next =
  | { kind: "none" }
  | { kind: "done"; choice: Choice }
  | { kind: "ask"; ask: string; options: Step[]; path: string[] };

function matching(choices: Choice[], path: string[]): Choice[] {
  return choices.filter((c) => path.every((key, i) => c.steps[i]?.key === key));
}

export function next(choices: Choice[], picked: string[]): Next {
  const path = [...picked];
  for (;;) {
    const left = matching(choices, path);
    if (left.length === 0) return { kind: "none" };
    const distinct = new Set(left.map((c) => JSON.stringify(c.decision)));
    if (distinct.size === 1) return { kind: "done", choice: left[0] };
    const depth = path.length;
    const options: Step[] = [];
    for (const c of left) {
      const step = c.steps[depth];
      if (step && !options.some((o) => o.key === step.key)) options.push(step);
    }
    if (options.length === 0) return { kind: "none" };
    if (options.length === 1) {
      path.push(options[0].key);
      continue;
    }
    return { kind: "ask", ask: options[0].ask, options, path };
  }
}
