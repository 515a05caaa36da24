import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, type WebauthnCredentialJson } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import { spendAttempt } from './account-limits.ts';
import { challengeOf, setChallengeCookie } from './auth-challenges.ts';
import { sessionTokenOf, signInClient } from './session.plugin.ts';
import { answerSignedIn } from './sign-in-reply.ts';
import {
  completePasskeySignIn,
  completeSecondStep,
  passkeySignInOptions,
  secondStepPasskeyOptions,
} from './two-factor-sign-in.service.ts';
import {
  addPasskey,
  disableTotp,
  disableTwoFactor,
  enableTotp,
  passkeyRegistration,
  regenerateRecoveryCodes,
  removePasskey,
  setUpTotp,
  stepUp,
  stepUpPasskeyOptions,
  twoFactorState,
} from './two-factor.service.ts';
import { optionsAsJson } from './webauthn.ts';

/** WebAuthn ceremonies started per client address and window (each writes a challenge row). */
const CEREMONIES = { max: 30, windowMs: 15 * 60 * 1000 };

export function twoFactorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The sign-in's second step and passwordless passkey sign-in.
    app.route({
      ...routeOf(endpoints.loginSecondFactor),
      handler: async (request, reply) => {
        const pending = await challengeOf(ctx, request, 'second_factor');
        const session = await completeSecondStep(ctx, pending, request.body, signInClient(request));
        return answerSignedIn(ctx, reply, session);
      },
    });
    app.route({
      ...routeOf(endpoints.loginSecondFactorOptions),
      handler: async (request) => {
        const pending = await challengeOf(ctx, request, 'second_factor');
        return optionsAsJson(await secondStepPasskeyOptions(ctx, pending));
      },
    });
    app.route({
      ...routeOf(endpoints.passkeyLoginOptions),
      handler: async (request, reply) => {
        await spendAttempt(ctx, `webauthn:ip:${request.ip}`, CEREMONIES.max, CEREMONIES.windowMs);
        const { options, challenge } = await passkeySignInOptions(ctx);
        setChallengeCookie(ctx, reply, challenge);
        return optionsAsJson(options);
      },
    });
    app.route({
      ...routeOf(endpoints.passkeyLogin),
      handler: async (request, reply) => {
        const pending = await challengeOf(ctx, request, 'passkey_login');
        const credential = request.body.passkey as WebauthnCredentialJson;
        const session = await completePasskeySignIn(
          ctx,
          pending,
          credential,
          signInClient(request),
        );
        return answerSignedIn(ctx, reply, session);
      },
    });

    // Settings: what protects the account, and changing it.
    app.route({
      ...routeOf(endpoints.twoFactor),
      handler: async (request) =>
        twoFactorState(ctx, await request.requireViewer(), sessionTokenOf(request)),
    });
    app.route({
      // Adding a factor to a protected account needs its existing factor.
      ...routeOf(endpoints.totpSetup),
      handler: async (request) => setUpTotp(ctx, await request.requireSecondFactor()),
    });
    app.route({
      ...routeOf(endpoints.totpEnable),
      handler: async (request) => {
        const userId = await request.requireSecondFactor();
        await spendAttempt(ctx, `totp-enable:user:${userId}`, 10, 15 * 60 * 1000);
        return enableTotp(ctx, userId, sessionTokenOf(request)!, request.body.code);
      },
    });
    app.route({
      ...routeOf(endpoints.totpDisable),
      handler: async (request, reply) => {
        await disableTotp(ctx, await request.requireSecondFactor());
        return reply.status(204).send();
      },
    });
    app.route({
      ...routeOf(endpoints.passkeyRegistrationOptions),
      handler: async (request, reply) => {
        const userId = await request.requireSecondFactor();
        await spendAttempt(ctx, `webauthn:user:${userId}`, CEREMONIES.max, CEREMONIES.windowMs);
        const { options, challenge } = await passkeyRegistration(ctx, userId);
        setChallengeCookie(ctx, reply, challenge);
        return optionsAsJson(options);
      },
    });
    app.route({
      ...routeOf(endpoints.registerPasskey),
      handler: async (request, reply) => {
        const userId = await request.requireSecondFactor();
        const pending = await challengeOf(ctx, request, 'passkey_register');
        const body = { ...request.body, passkey: request.body.passkey as WebauthnCredentialJson };
        const added = await addPasskey(ctx, userId, sessionTokenOf(request)!, pending, body);
        return reply.status(201).send(added);
      },
    });
    app.route({
      ...routeOf(endpoints.deletePasskey),
      handler: async (request, reply) => {
        await removePasskey(ctx, await request.requireSecondFactor(), request.params.id);
        return reply.status(204).send();
      },
    });
    app.route({
      ...routeOf(endpoints.regenerateRecoveryCodes),
      handler: async (request) => regenerateRecoveryCodes(ctx, await request.requireSecondFactor()),
    });
    app.route({
      ...routeOf(endpoints.disableTwoFactor),
      handler: async (request, reply) => {
        await disableTwoFactor(ctx, await request.requireSecondFactor());
        return reply.status(204).send();
      },
    });

    // Step-up: proving a second factor before a sensitive change.
    app.route({
      ...routeOf(endpoints.stepUpOptions),
      handler: async (request, reply) => {
        const userId = await request.requireViewer();
        await spendAttempt(ctx, `webauthn:user:${userId}`, CEREMONIES.max, CEREMONIES.windowMs);
        const { options, challenge } = await stepUpPasskeyOptions(ctx, userId);
        setChallengeCookie(ctx, reply, challenge);
        return optionsAsJson(options);
      },
    });
    app.route({
      ...routeOf(endpoints.stepUp),
      handler: async (request) => {
        const userId = await request.requireViewer();
        const pending = await challengeOf(ctx, request, 'step_up');
        return stepUp(ctx, userId, sessionTokenOf(request)!, pending, request.body);
      },
    });
  };
}
