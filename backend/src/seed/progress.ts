import { SingleBar } from 'cli-progress';

/** Reports the generator's stages; the terminal shows a bar, tests stay quiet. */
export interface Progress {
  stage(name: string, total: number): void;
  advance(step?: number): void;
  finish(): void;
}

export const silentProgress: Progress = { stage: () => undefined, advance: () => undefined, finish: () => undefined };

/** A bar on a terminal; a line per stage when the output is a file or a CI log. */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) {
    // One line a stage, when it ends: a start prints a line per phase, not two.
    let started = 0;
    let current = '';
    return {
      stage(name) {
        current = name;
        started = Date.now();
      },
      advance: () => undefined,
      finish() {
        if (current) stream.write(`[seed] ${current} done in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
        current = '';
      },
    };
  }
  let bar: SingleBar | null = null;
  return {
    stage(name, total) {
      bar?.stop();
      bar = new SingleBar({
        format: `  {stage} |{bar}| {percentage}% · {value}/{total} · {duration_formatted}`,
        barCompleteChar: '█',
        barIncompleteChar: '░',
        hideCursor: true,
        stream,
      });
      bar.start(total, 0, { stage: name.padEnd(14, '　') });
    },
    advance(step = 1) {
      bar?.increment(step);
    },
    finish() {
      bar?.stop();
      bar = null;
    },
  };
}
