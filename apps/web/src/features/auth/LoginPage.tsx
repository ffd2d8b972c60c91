export default function LoginPage() {
  return <h1>Entrar</h1>;
}
