"""gunicorn settings for `gunicorn wsgi:app` (read from the working folder). Every setting can be
overridden on the command line or with GUNICORN_CMD_ARGS."""
import os

# Green threads: every open page holds an event stream that mostly waits; a gevent worker holds
# thousands of them, where a sync worker would hold one.
# gevent workers with the timeouts of companion/serving.py (idle, head and body, writes) and the
# open-file limit raised to its hard limit at start.
worker_class = "companion.serving.GuardedGeventWorker"
worker_connections = 4000
# Several workers on one SQLite file hear each other's changes through it (companion/storage/sqlite_hub.py),
# as they do through Redis. They share one port, so a table's phones land on any of them; a proxy that
# routes by table in front spares them that (docs/DEPLOY.md).
workers = int(os.environ.get("COMPANION_WORKERS", "2"))
bind = [f"{os.environ.get('COMPANION_HOST', '0.0.0.0')}:{os.environ.get('COMPANION_PORT', '8750')}"]
# Event streams are long-lived by design (15 minutes); gevent workers are not killed for that.
timeout = 30
graceful_timeout = 20
accesslog = None
# gunicorn 24+ opens a control socket in the home folder; the companion needs none, and two
# instances on one machine would otherwise compete for the same path.
control_socket_disable = True


def post_worker_init(worker):
    # The app is loaded: compile its templates and catalogues before the first request, keep what
    # start-up made out of later collections, and collect less often (companion/serving.py).
    from companion.serving import tune_garbage_collector, warm_up
    warm_up(worker.wsgi)
    tune_garbage_collector()
