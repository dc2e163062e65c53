"""The process room: settings, start-up, the Discord client, heartbeat, shard lease and stopping."""
