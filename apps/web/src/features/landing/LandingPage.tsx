export default function LandingPage() {
  return <h1>Atende</h1>;
}
