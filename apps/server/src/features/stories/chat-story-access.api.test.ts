import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@glimpse/contract';
import { signedUpUser } from '../../test/factories.ts';
import { startTestServer, type Client, type TestServer } from '../../test/harness.ts';
import { creator, fundWallet, pay } from '../money/test/index.ts';
import {
  directChat,
  drainJobs,
  messageAs,
  postChatStory,
  storyMessages,
} from './test/chat-story-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function mediaKeyOf(url: string): string {
  return url.split('/media/')[1]!.split('?')[0]!;
}

async function balance(c: Client): Promise<number> {
  return (await c.get('/api/wallet')).json<{ balance: number }>().balance;
}

/** A verified creator's priced story, ready, in the direct chats of two fans. */
async function pricedStoryForTwo() {
  const seller = await creator(server);
  const bob = await signedUpUser(server);
  const carol = await signedUpUser(server);
  const chats = [
    await directChat(server, seller.id, bob.user.id),
    await directChat(server, seller.id, carol.user.id),
  ];
  const posted = await postChatStory(seller.client, { destination: 'chat', chats, price: 3 });
  expect(posted.statusCode, posted.body).toBe(201);
  await drainJobs(server);
  const storyId = posted.json<Story>().id;
  const ownerView = (await seller.client.get(`/api/stories/${storyId}`)).json<Story>();
  const [toBob, toCarol] = await storyMessages(server, storyId);
  return { seller, bob, carol, storyId, ownerView, toBob: toBob!, toCarol: toCarol! };
}

describe('a priced story in chats', () => {
  it('is locked for each recipient until that recipient unlocks it, who alone pays and sees it', async () => {
    const { bob, carol, storyId, ownerView, toBob, toCarol } = await pricedStoryForTwo();
    const imageKey = mediaKeyOf(ownerView.overlay_src!);

    const lockedCard = (await messageAs(server, bob.user.id, toBob.id)).story!;
    expect(lockedCard).toMatchObject({
      id: storyId,
      price: 3,
      isAvailable: false,
      overlay_src: null,
    });
    expect((await bob.client.get(`/api/stories/${storyId}`)).json<Story>().isAvailable).toBe(false);
    const lockedMedia = await bob.client.get(server.ctx.mediaSigner.url(imageKey, bob.user.id));
    expect(lockedMedia.statusCode).toBe(404);

    await fundWallet(server, bob.user.id, 1_000);
    await fundWallet(server, carol.user.id, 1_000);
    const unlocked = await pay(bob.client, 'POST', `/api/stories/${storyId}/unlock`);
    expect(unlocked.json()).toEqual({ status: true });
    expect(await balance(bob.client)).toBe(7);

    const openCard = (await messageAs(server, bob.user.id, toBob.id)).story!;
    expect(openCard.isAvailable).toBe(true);
    expect((await bob.client.get(openCard.overlay_src!)).statusCode).toBe(200);
    // Carol's copy is still locked, and nothing was taken from her.
    expect((await messageAs(server, carol.user.id, toCarol.id)).story!.isAvailable).toBe(false);
    expect((await carol.client.get(`/api/stories/${storyId}`)).json<Story>().isAvailable).toBe(
      false,
    );
    const carolMedia = await carol.client.get(server.ctx.mediaSigner.url(imageKey, carol.user.id));
    expect(carolMedia.statusCode).toBe(404);
    expect(await balance(carol.client)).toBe(10);

    // Her own unlock is her own charge.
    expect((await pay(carol.client, 'POST', `/api/stories/${storyId}/unlock`)).json()).toEqual({
      status: true,
    });
    expect(await balance(carol.client)).toBe(7);
    expect(await balance(bob.client)).toBe(7);
    expect((await messageAs(server, carol.user.id, toCarol.id)).story!.isAvailable).toBe(true);
  });

  it('does not exist for someone outside its chats: story, media and unlock answer as missing', async () => {
    const { storyId, ownerView } = await pricedStoryForTwo();
    const outsider = await signedUpUser(server);
    const read = await outsider.client.get(`/api/stories/${storyId}`);
    expect(read.statusCode).toBe(404);
    expect(read.json().err_key).toBe('story_not_found');
    await fundWallet(server, outsider.user.id, 1_000);
    const unlock = await pay(outsider.client, 'POST', `/api/stories/${storyId}/unlock`);
    expect(unlock.statusCode).toBe(404);
    const key = mediaKeyOf(ownerView.overlay_src!);
    const media = await outsider.client.get(server.ctx.mediaSigner.url(key, outsider.user.id));
    expect(media.statusCode).toBe(404);
    expect(media.json().err_key).toBe('media_not_found');
    expect(await balance(outsider.client)).toBe(10);
  });
});

describe('a story broadcast into a channel', () => {
  it('is seen by the channel’s readers (followers, subscribers) and nobody else', async () => {
    const owner = await signedUpUser(server);
    const follower = await signedUpUser(server);
    const stranger = await signedUpUser(server);
    expect((await follower.client.post(`/api/users/${owner.user.id}/follow`)).statusCode).toBe(200);
    const posted = await postChatStory(owner.client, { destination: 'broadcast' });
    await drainJobs(server);
    const id = posted.json<Story>().id;
    const seen = await follower.client.get(`/api/stories/${id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<Story>().isAvailable).toBe(true);
    expect((await follower.client.get(seen.json<Story>().overlay_src!)).statusCode).toBe(200);
    expect((await stranger.client.get(`/api/stories/${id}`)).statusCode).toBe(404);
    // Unfollowing closes the channel, and the story with it.
    expect((await follower.client.delete(`/api/users/${owner.user.id}/follow`)).statusCode).toBe(
      200,
    );
    expect((await follower.client.get(`/api/stories/${id}`)).statusCode).toBe(404);
  });
});
