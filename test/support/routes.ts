import type { TestApp } from './test-app';

export interface Route {
  method: string;
  path: string;
}

/** Every route the Express router of a started app holds, controllers and other handlers alike. */
export function routes(t: TestApp): Route[] {
  type Layer = { route?: { path: string; methods: Record<string, boolean> } };
  const app = t.app.getHttpAdapter().getInstance() as { router: { stack: Layer[] } };
  return app.router.stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods).map((method) => ({
          method: method.toUpperCase(),
          path: layer.route!.path,
        }))
      : [],
  );
}
