import { Users } from 'lucide-react';
import type { AnalyticsAgent } from './analytics-api';
import { formatCount, formatDuration, formatRating, ratingsCountText } from './format';
import { EmptyNote, Section } from './Section';
import { AGENT_COLUMNS, AGENTS_TITLE, NO_AGENTS_TEXT, UNKNOWN_AGENT } from './texts';

const th =
  'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400';
const td = 'px-3 py-2.5 text-slate-700 tabular-nums dark:text-slate-200';

/** One line per agent with figures in the period: most messages sent first (as the server sorts). */
export function AgentTable({ agents }: { agents: AnalyticsAgent[] }) {
  return (
    <Section title={AGENTS_TITLE} icon={Users}>
      {agents.length === 0 ? (
        <EmptyNote>{NO_AGENTS_TEXT}</EmptyNote>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">{AGENTS_TITLE}</caption>
            <thead className="border-b border-slate-200 dark:border-slate-700">
              <tr>
                <th scope="col" className={th}>
                  {AGENT_COLUMNS.name}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {AGENT_COLUMNS.outbound}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {AGENT_COLUMNS.resolved}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {AGENT_COLUMNS.avgFirstResponse}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {AGENT_COLUMNS.avgResponse}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {AGENT_COLUMNS.avgRating}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {agents.map((a) => (
                <tr key={a.agentId}>
                  <th scope="row" className={`${td} text-left font-medium text-slate-900 dark:text-white`}>
                    {a.name ?? UNKNOWN_AGENT}
                  </th>
                  <td className={`${td} text-right`}>{formatCount(a.outbound)}</td>
                  <td className={`${td} text-right`}>{formatCount(a.resolved)}</td>
                  <td className={`${td} text-right`}>{formatDuration(a.avgFirstResponseMs)}</td>
                  <td className={`${td} text-right`}>{formatDuration(a.avgResponseMs)}</td>
                  <td className={`${td} text-right`}>
                    {formatRating(a.avgRating)}
                    {a.ratings > 0 ? (
                      <span className="ml-1 text-xs text-slate-500 dark:text-slate-400">
                        ({ratingsCountText(a.ratings)})
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
