"""An uploaded image made safe to serve back: a PNG, JPEG or WebP of a sane size, decoded by Pillow and
encoded anew, so that nothing but its pixels survives (no metadata: EXIF, ICC profiles, text chunks; no
bytes appended after the image; no other format dressed as one). Anything else is refused in plain words.
"""

from __future__ import annotations

import io
import uuid
import warnings

from django.core.files.base import ContentFile
from PIL import Image, UnidentifiedImageError

MAX_BYTES = 5 * 1024 * 1024  # 5 MB, read before anything is decoded
MAX_PIXELS = 40_000_000  # 40 megapixels: a larger image is a decompression bomb, or a poster, not a handout
FORMATS = {"PNG": "png", "JPEG": "jpg", "WEBP": "webp"}


class ImageRefused(Exception):
    """What the uploader is told, beside the file field; nothing was stored."""


def clean_image(upload) -> ContentFile:
    """The upload as a new file of the same format, with a random name; ImageRefused if it is not a PNG,
    JPEG or WebP image of at most 5 MB and 40 megapixels."""
    if upload.size is None or upload.size > MAX_BYTES:
        raise ImageRefused("An image is at most 5 MB; this file is larger.")
    data = upload.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ImageRefused("An image is at most 5 MB; this file is larger.")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=list(FORMATS)) as probe:
                kind = probe.format
                _check_size(probe)
                probe.verify()
            with Image.open(io.BytesIO(data), formats=[kind]) as image:
                _check_size(image)
                image.load()
                pixels = _pixels_only(image, kind)
    except ImageRefused:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise ImageRefused("This image is too large: at most 40 megapixels.") from error
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError) as error:
        raise ImageRefused("This file is not a PNG, JPEG or WebP image (or it is damaged).") from error
    out = io.BytesIO()
    options = {"JPEG": {"quality": 90}, "WEBP": {"quality": 90}, "PNG": {"optimize": True}}[kind]
    pixels.save(out, format=kind, **options)
    return ContentFile(out.getvalue(), name=f"{uuid.uuid4().hex}.{FORMATS[kind]}")


def _check_size(image) -> None:
    width, height = image.size
    if width * height > MAX_PIXELS:
        raise ImageRefused("This image is too large: at most 40 megapixels.")


def _pixels_only(image, kind: str):
    """A new image holding the decoded pixels alone: no `info` (text chunks, EXIF, ICC) goes with it."""
    mode = image.mode
    if kind == "JPEG" and mode not in ("L", "RGB", "CMYK"):
        mode = "RGB"
    elif kind in ("PNG", "WEBP") and mode not in ("1", "L", "LA", "P", "RGB", "RGBA"):
        mode = "RGBA" if "A" in image.getbands() else "RGB"
    if mode == "P":  # a palette keeps its transparency as info: carry it as pixels instead
        mode = "RGBA"
    converted = image.convert(mode) if mode != image.mode else image
    clean = Image.new(converted.mode, converted.size)
    clean.paste(converted)
    return clean
