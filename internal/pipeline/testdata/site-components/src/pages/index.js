import React from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';

export default function Home() {
  return (
    <Layout title="Welcome" description="The home page, in React.">
      <main className="home">
        <h1>Components site</h1>
        <Link to="/docs/guide">Read the guide</Link>
      </main>
    </Layout>
  );
}
