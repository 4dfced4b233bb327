import { GroupCommit } from './group-commit';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('writes the first item at once and gathers the ones arriving meanwhile into the next write', async () => {
    const writes: number[][] = [];
    let release!: () => void;
    const commit = new GroupCommit<number, { n: number }>(
      async (items) => {
        writes.push(items);
        if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return { n: items.length };
      },
      { n: 0 },
    );
    commit.add(1);
    expect(writes).toEqual([[1]]);
    commit.add(2);
    commit.add(3);
    await tick();
    expect(writes).toEqual([[1]]);
    release();
    expect(await commit.done()).toEqual({ n: 3 });
    expect(writes).toEqual([[1], [2, 3]]);
  });

  it('sums every key of the results', async () => {
    const commit = new GroupCommit<string, { sent: number; failed: number }>(
      async (items) => ({
        sent: items.filter((i) => i === 'ok').length,
        failed: items.filter((i) => i !== 'ok').length,
      }),
      { sent: 0, failed: 0 },
    );
    for (const item of ['ok', 'ok', 'nein', 'ok']) commit.add(item);
    expect(await commit.done()).toEqual({ sent: 3, failed: 1 });
  });

  it('answers the zero result when nothing was added', async () => {
    const write = jest.fn();
    expect(await new GroupCommit<number, { n: number }>(write, { n: 0 }).done()).toEqual({ n: 0 });
    expect(write).not.toHaveBeenCalled();
  });

  it('fails done() with the first failed write, after the later groups were written', async () => {
    const writes: number[][] = [];
    let release!: () => void;
    const commit = new GroupCommit<number, { n: number }>(
      async (items) => {
        writes.push(items);
        if (writes.length === 1) {
          await new Promise<void>((resolve) => (release = resolve));
          throw new Error('Datenbank nicht erreichbar');
        }
        return { n: items.length };
      },
      { n: 0 },
    );
    commit.add(1);
    commit.add(2);
    release();
    await expect(commit.done()).rejects.toThrow('Datenbank nicht erreichbar');
    expect(writes).toEqual([[1], [2]]);
  });
});
