import { EventRegistry } from './core/registry.js';
import { channelSessionEventDefinitions } from './channel-session/index.js';
import { conversationEventDefinitions } from './conversation/index.js';
import { emailEventDefinitions } from './email/index.js';
import { memberEventDefinitions } from './member/index.js';
import { noteEventDefinitions } from './note/index.js';
import { userEventDefinitions } from './user/index.js';
import { workspaceEventDefinitions } from './workspace/index.js';

export const allEventDefinitions = [
  ...workspaceEventDefinitions,
  ...userEventDefinitions,
  ...memberEventDefinitions,
  ...channelSessionEventDefinitions,
  ...conversationEventDefinitions,
  ...noteEventDefinitions,
  ...emailEventDefinitions,
];

/** Every event type Atende knows: validates before writing, parses and upcasts on read. */
export const atendeRegistry = new EventRegistry(allEventDefinitions);
