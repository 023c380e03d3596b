import React from 'react';
import Layout from '@theme/Layout';
import Head from '@docusaurus/Head';

export default function About() {
  return (
    <Layout title="About">
      <Head>
        <title>About us · Components</title>
        <meta property="og:title" content="About us" />
        <meta name="description" content="Who writes the components site." />
        <meta name="twitter:site" content="@components" />
        <script>{'window.about = true;'}</script>
      </Head>
      <main className="about">
        <h1>About</h1>
      </main>
    </Layout>
  );
}
