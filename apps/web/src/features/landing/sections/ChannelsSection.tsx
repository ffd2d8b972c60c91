import { useState } from 'react';
import { CHANNELS, CHANNELS_SECTION, type Channel, type ChannelTone } from '../landing-content';
import { EmailModal } from './EmailModal';
import { SectionHeading } from './shared';

const TONES: Record<ChannelTone, string> = {
  whatsapp: 'bg-emerald-500 shadow-emerald-500/30',
  telegram: 'bg-sky-500 shadow-sky-500/30',
  messenger: 'bg-indigo-500 shadow-indigo-500/30',
  instagram: 'bg-linear-to-br from-amber-400 via-pink-500 to-purple-600 shadow-pink-500/30',
  email: 'bg-amber-500 shadow-amber-500/30',
};

const TILE =
  'card flex h-full w-full flex-col items-center gap-3 px-4 py-6 text-center transition duration-200';

function ChannelStatus({ channel, id }: { channel: Channel; id?: string }) {
  return (
    <span
      id={id}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ${
        channel.connected
          ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300'
          : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300'
      }`}
    >
      <span
        aria-hidden="true"
        className={`h-1.5 w-1.5 rounded-full ${channel.connected ? 'bg-emerald-500' : 'bg-slate-400'}`}
      />
      {channel.connected ? CHANNELS_SECTION.connected : CHANNELS_SECTION.notConnected}
    </span>
  );
}

function ChannelIcon({ channel }: { channel: Channel }) {
  const Icon = channel.icon;
  return (
    <span
      aria-hidden="true"
      className={`flex h-14 w-14 items-center justify-center rounded-2xl text-white shadow-lg ${TONES[channel.id]}`}
    >
      <Icon className="h-7 w-7" />
    </span>
  );
}

/**
 * 'Conecte Todos os Seus Canais': WhatsApp and Telegram shown connected, the others not. Only the
 * Email tile does something (it opens the email modal); the others are plain cards (spec §2).
 */
export function ChannelsSection() {
  const [emailOpen, setEmailOpen] = useState(false);
  return (
    <section id="channels" aria-labelledby="channels-title" className="scroll-mt-16 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="channels-title" eyebrow="Canais" title={CHANNELS_SECTION.title}>
          {CHANNELS_SECTION.text}
        </SectionHeading>
        <ul className="mt-14 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {CHANNELS.map((channel) => (
            <li key={channel.id} data-channel={channel.id}>
              {channel.id === 'email' ? (
                // The tile's button is its name, stretched over the tile (its name is what it shows).
                <div
                  className={`${TILE} group relative hover:-translate-y-1 hover:border-blue-300 hover:shadow-lg dark:hover:border-blue-700`}
                >
                  <ChannelIcon channel={channel} />
                  <button
                    type="button"
                    onClick={() => setEmailOpen(true)}
                    aria-haspopup="dialog"
                    aria-describedby="channel-email-status channel-email-hint"
                    className="stretched-action font-semibold text-slate-900 [--stretched-radius:var(--radius-2xl)] dark:text-white"
                  >
                    {channel.name}
                  </button>
                  <ChannelStatus channel={channel} id="channel-email-status" />
                  <span
                    id="channel-email-hint"
                    className="text-xs font-medium text-blue-600 group-hover:underline dark:text-blue-400"
                  >
                    {CHANNELS_SECTION.emailHint}
                  </span>
                </div>
              ) : (
                <div className={TILE}>
                  <ChannelIcon channel={channel} />
                  <span className="font-semibold text-slate-900 dark:text-white">{channel.name}</span>
                  <ChannelStatus channel={channel} />
                </div>
              )}
            </li>
          ))}
        </ul>
      </div>
      <EmailModal open={emailOpen} onClose={() => setEmailOpen(false)} />
    </section>
  );
}
