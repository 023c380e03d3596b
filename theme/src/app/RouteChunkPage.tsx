// A route whose components are a chunk of their own (routeChunk.ts): the
// component once its chunk is in, the loading state while a client
// navigation fetches it, and the error with Retry when the download fails.
import { useEffect, useState } from 'react';
import type { PageData } from '../contract.gen';
import { LoadFailed, Loading } from './Loading';
import type { RouteChunk, RouteComponent } from './routeChunk';

export function RouteChunkPage({ page, chunk }: { page: PageData; chunk: RouteChunk }) {
  const [route, setRoute] = useState<RouteComponent | null>(chunk.loaded);
  const [failed, setFailed] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (route) return;
    let live = true;
    chunk.load().then(
      (component) => live && setRoute(() => component),
      (err: unknown) => live && setFailed(err instanceof Error ? err : new Error(String(err))),
    );
    return () => {
      live = false;
    };
  }, [chunk, route, attempt]);
  if (failed) {
    return (
      <LoadFailed
        error={failed}
        retry={() => {
          setFailed(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  if (!route) return <Loading />;
  const Route = route;
  return <Route page={page} />;
}
