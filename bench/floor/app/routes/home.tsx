export function meta() {
  return [
    { title: 'React Router floor' },
    { name: 'description', content: 'A bare React Router page: the least any page of the store can cost.' },
  ];
}

export default function Home() {
  return (
    <main>
      <h1>React Router floor</h1>
      <p>A heading and a paragraph, server-rendered and hydrated, with nothing else on the page.</p>
    </main>
  );
}
