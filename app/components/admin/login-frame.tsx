/** The sign-in pages' frame: the company and a card. */
export function LoginFrame({
  companyName,
  title,
  children,
}: {
  companyName: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-100 px-4 py-12">
      <div className="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-(--shadow-card) sm:p-8">
        <p className="font-serif text-lg font-semibold">{companyName}</p>
        <h1 className="mb-6 mt-1 font-sans text-2xl font-semibold">{title}</h1>
        {children}
      </div>
    </main>
  );
}
