export function Page() {
  return <h1>코스킷</h1>
}
