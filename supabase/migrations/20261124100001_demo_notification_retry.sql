-- Demo notifications that failed are retried every five minutes, with no visitor request needed:
-- pg_cron runs a job that asks send-demo-request, through pg_net, to notify every stored request
-- still waiting ({"action": "retry-notifications"} with the service-role key).
--
-- No secret is in this file: the job reads the project's URL and the service-role key from Vault,
-- secrets `project_url` and `service_role_key`, stored once per project (README, "Deploy").
--
-- On the local stack, PGlite has none of these extensions: the stack provides cron.schedule,
-- net.http_post and vault.decrypted_secrets with the same signatures (supabase/local/extensions.ts),
-- fills in the two secrets itself, and runs the job on the same schedule (supabase/local/cron.ts).
-- A database with neither (plain Postgres) gets a notice instead of the job.
--
-- Idempotent: scheduling a job under the same name replaces it.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
  end if;
  if not exists (
    select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'cron' and p.proname = 'schedule'
  ) or not exists (
    select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'net' and p.proname = 'http_post'
  ) then
    raise notice 'pg_cron or pg_net is not available: failed demo notifications are not retried on a schedule';
    return;
  end if;
  perform cron.schedule(
    'retry-demo-notifications',
    '*/5 * * * *',
    $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
        || '/functions/v1/send-demo-request',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
      ),
      body := '{"action": "retry-notifications"}'::jsonb,
      timeout_milliseconds := 10000
    );
    $job$
  );
end;
$$;
