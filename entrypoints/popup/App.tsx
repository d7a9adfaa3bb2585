export function App() {
  return (
    <main>
      <h1>Short Link</h1>
      <p>The shorten form arrives with the popup issue.</p>
    </main>
  );
}
