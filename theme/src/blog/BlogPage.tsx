// A blog route in the app: the blog's components from their chunk
// (loadBlog.ts), with the loading state while a client navigation fetches
// it, and the error with Retry when the download fails.
import { useEffect, useState } from 'react';
import type { PageData } from '../contract.gen';
import { LoadFailed, Loading } from '../app/Loading';
import { loadBlogRoute, loadedBlogRoute, type BlogRouteComponent } from './loadBlog';

export function BlogPage({ page }: { page: PageData }) {
  const [route, setRoute] = useState<BlogRouteComponent | null>(loadedBlogRoute);
  const [failed, setFailed] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (route) return;
    let live = true;
    loadBlogRoute().then(
      (component) => live && setRoute(() => component),
      (err: unknown) => live && setFailed(err instanceof Error ? err : new Error(String(err))),
    );
    return () => {
      live = false;
    };
  }, [route, attempt]);
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
