"""gunicorn settings for `gunicorn wsgi:app` (read from the working folder). Every setting can be
overridden on the command line or with GUNICORN_CMD_ARGS."""
import os
import sys

# Green threads: every open page holds an event stream that mostly waits; a gevent worker holds
# thousands of them, where a sync worker would hold one.
# gevent workers with the timeouts of companion/serving.py (idle, head and body, writes) and the
# open-file limit raised to its hard limit at start.
worker_class = "companion.serving.GuardedGeventWorker"
worker_connections = 4000
workers = int(os.environ.get("COMPANION_WORKERS", "2"))
bind = [f"{os.environ.get('COMPANION_HOST', '0.0.0.0')}:{os.environ.get('COMPANION_PORT', '8750')}"]
# Event streams are long-lived by design (15 minutes); gevent workers are not killed for that.
timeout = 30
graceful_timeout = 20
accesslog = None
# gunicorn 24+ opens a control socket in the home folder; the companion needs none, and two
# instances on one machine would otherwise compete for the same path.
control_socket_disable = True


def on_starting(server):
    database = os.environ.get("COMPANION_DB") or ""
    if server.cfg.workers > 1 and not database.startswith(("redis://", "rediss://", "unix://")):
        # With SQLite, live updates are published inside one process: a phone whose stream landed on
        # another worker would not see changes. Refuse rather than serve half-working pages.
        sys.exit("Several workers need a shared Redis: set COMPANION_DB=redis://HOST:PORT/N "
                 "(or run one worker, or plain `python app.py`, for SQLite).")


def post_worker_init(worker):
    # The app is loaded: compile its templates and catalogues before the first request, keep what
    # start-up made out of later collections, and collect less often (companion/serving.py).
    from companion.serving import tune_garbage_collector, warm_up
    warm_up(worker.wsgi)
    tune_garbage_collector()
