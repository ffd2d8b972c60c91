import type { GatewayDeps } from '../http/gateway-deps.js';
import { sandboxRoutes } from './sandbox/sandbox-routes.js';
import type { RouteDefinition } from '../http/route.js';
import { authRoutes } from './auth-routes.js';
import { signupRoutes } from './signup-routes.js';
import { passwordRoutes } from './password-routes.js';
import { twoFactorRoutes } from './two-factor-routes.js';
import { whatsappRoutes } from './whatsapp/whatsapp-routes.js';
import { sendMediaRoute } from './whatsapp/send-media-route.js';
import { conversationRoutes } from './conversations/conversation-routes.js';
import { contactPrivacyRoutes } from './conversations/contact-privacy-routes.js';
import { notesRoutes } from './workspace/notes-routes.js';
import { emailsRoutes } from './workspace/emails-routes.js';
import { teamRoutes } from './workspace/team-routes.js';
import { settingsRoutes } from './workspace/settings-routes.js';
import { integrationsRoutes } from './workspace/integrations-routes.js';
import { analyticsRoutes } from './workspace/analytics-routes.js';
import { notificationsRoutes } from './workspace/notifications-routes.js';
import { accountRoutes } from './workspace/account-routes.js';
import { billingRoutes } from './workspace/billing-routes.js';
import { suggestionRoutes } from './suggestions/suggestion-routes.js';
import { cannedRepliesRoutes } from './workspace/canned-replies-routes.js';
import { mediaRoutes } from './media/media-routes.js';
import { readModelsShowLog } from '../commands/execute.js';

/** Every API call of the gateway, in documentation order. */
export function apiRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    ...authRoutes(deps),
    ...twoFactorRoutes(deps),
    ...(deps.signupOpen ? signupRoutes(deps) : []),
    ...whatsappRoutes(deps),
    sendMediaRoute(deps),
    ...conversationRoutes(deps),
    ...contactPrivacyRoutes(deps),
    ...mediaRoutes(deps),
    ...notesRoutes(deps),
    ...emailsRoutes(deps),
    ...teamRoutes(deps),
    ...passwordRoutes(deps),
    ...settingsRoutes(deps),
    ...integrationsRoutes(deps),
    ...analyticsRoutes(deps),
    ...notificationsRoutes(deps),
    ...accountRoutes(deps),
    ...billingRoutes(deps),
    ...suggestionRoutes(deps),
    ...cannedRepliesRoutes(deps),
    ...(deps.sandbox
      ? sandboxRoutes(deps.sandbox, deps.sandboxConversationId, () => readModelsShowLog(deps))
      : []),
  ];
}
