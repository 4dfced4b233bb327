/** A queued job as staff see it through `GET /node/api/auftraege/{name}/{id}`. */
import type request from 'supertest';

export interface Stand {
  name: string;
  id: string;
  zustand: string;
  fortschritt: { erledigt: number; gesamt: number; schritt?: string } | null;
  ergebnis?: unknown;
  fehler?: string;
}

/** Polls the status route as the screens do until the job ended; answers every state seen. */
export async function bisZumEnde(
  agent: request.Agent,
  { name, id }: { name: string; id: string },
): Promise<Stand[]> {
  const gesehen: Stand[] = [];
  for (const ende = Date.now() + 60_000; Date.now() < ende;) {
    const response = await agent.get(`/node/api/auftraege/${name}/${id}`);
    expect(response.status).toBe(200);
    gesehen.push(response.body as Stand);
    if (['completed', 'failed'].includes(response.body.zustand)) return gesehen;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Auftrag ${name} ${id} endete nicht`);
}
