import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";

/** A tab whose feature is not built: says so, lists what is planned, shows no figures. */
export function ComingSoonPanel({
  heading,
  text,
  planned,
}: {
  heading: string;
  text: string;
  planned: readonly string[];
}) {
  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-semibold">{heading}</h2>
        <Badge variant="secondary">Coming Soon</Badge>
      </div>
      <p className="mt-2 text-slate-700">{text}</p>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Planned</h3>
      <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
        {planned.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Card>
  );
}
