import logging

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods
from redis.exceptions import RedisError

from accounts.forms import SettingsForm, SignUpForm

logger = logging.getLogger(__name__)


def _safe_next(request) -> str:
    """Where to go after signing up: the `next` an invite link gave, if it is ours."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure()):
        return target
    return ""


@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect(_safe_next(request) or "home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_safe_next(request) or "home")
    return render(request, "accounts/signup.html", {"form": form, "next": _safe_next(request)})


LOGIN_ATTEMPTS = 5
LOGIN_WINDOW = 15 * 60  # seconds


def _attempts_key(request) -> str:
    username = request.POST.get("username", "").strip().lower()[:150]
    return f"login-failures:{username}:{request.META.get('REMOTE_ADDR', '')}"


def _failures(request) -> int:
    """Recent failed log-ins of this username from this address. Without the cache (Redis
    down) the count is not kept and people can still log in: the password check
    stands, and its slow hashing still limits guessing."""
    try:
        return cache.get(_attempts_key(request), 0)
    except (RedisError, OSError) as error:
        logger.warning("Log-in attempts are not counted without the cache: %s", error)
        return 0


def _count_failure(request) -> None:
    key = _attempts_key(request)
    try:
        cache.add(key, 0, LOGIN_WINDOW)
        cache.incr(key)
    except ValueError:  # expired between the two calls: this failure starts a new count
        cache.add(key, 1, LOGIN_WINDOW)
    except (RedisError, OSError) as error:
        logger.warning("Log-in attempts are not counted without the cache: %s", error)


def _forget_failures(request) -> None:
    try:
        cache.delete(_attempts_key(request))
    except (RedisError, OSError) as error:
        logger.warning("Log-in attempts are not counted without the cache: %s", error)


class LoginView(auth_views.LoginView):
    """Django's log-in, refusing a username from an address after 5 failures in 15 minutes."""

    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        if _failures(request) >= LOGIN_ATTEMPTS:
            form = self.get_form()
            form.errors.clear()
            form.add_error(None, "Too many failed log-ins for this account. Try again in 15 minutes.")
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        _count_failure(self.request)
        return super().form_invalid(form)

    def form_valid(self, form):
        _forget_failures(self.request)
        return super().form_valid(form)


@login_required
@require_http_methods(["GET", "POST"])
def account_settings(request):
    """The user's own preferences: for now, the "Needs you" strip's sound."""
    form = SettingsForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Your settings are saved.")
        return redirect("account_settings")
    return render(request, "accounts/settings.html", {"form": form}, status=422 if form.errors else 200)
