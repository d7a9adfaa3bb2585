export function App() {
  return (
    <main>
      <h1>Short Link options</h1>
      <p>Connection settings and link management arrive with their issues.</p>
    </main>
  );
}
