"""A benchmark table printed and written to its file, shared by run.py and ../bench_table.py."""
import os
import tempfile


def publish(text, path, echo=True):
    """Prints `text` (unless `echo` is false) and writes it to `path` atomically (a temporary file beside it, then
    renamed), so an interrupted run leaves the previous table whole."""
    if echo:
        print(text)
    folder = os.path.dirname(path) or "."
    os.makedirs(folder, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=folder, prefix=".table-")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
