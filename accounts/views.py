from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from accounts import email_change
from accounts.attempts import Attempts
from accounts.forms import SettingsForm, SignUpForm


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


LOGIN_FAILURES = Attempts("Log-in failures", "login-failures", limit=5, window=15 * 60)
RESET_MAILS = Attempts("Reset mails", "reset-mails", limit=3, window=15 * 60)


class LoginView(auth_views.LoginView):
    """Django's log-in, refusing a username from an address after 5 failures in 15 minutes."""

    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        if LOGIN_FAILURES.too_many(request, request.POST.get("username", "")):
            form = self.get_form()
            form.errors.clear()
            form.add_error(None, "Too many failed log-ins for this account. Try again in 15 minutes.")
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        LOGIN_FAILURES.count(self.request, self.request.POST.get("username", ""))
        return super().form_invalid(form)

    def form_valid(self, form):
        LOGIN_FAILURES.forget(self.request, self.request.POST.get("username", ""))
        return super().form_valid(form)


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset by email (its tokens, its mail), asked at most 3 times in 15 minutes for one address
    from one place: the form cannot be used to fill someone's mailbox. The answer never says whether an
    account has the address."""

    def form_valid(self, form):
        email = form.cleaned_data["email"]
        if RESET_MAILS.too_many(self.request, email):
            form.add_error("email", "Three reset mails were sent to this address lately. Try again in 15 minutes.")
            return self.render_to_response(self.get_context_data(form=form), status=429)
        RESET_MAILS.count(self.request, email)
        return super().form_valid(form)


@login_required
@require_http_methods(["GET", "POST"])
def account_settings(request):
    """The user's own preferences and email address: a new address waits for its link to be followed."""
    form = SettingsForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        if form.new_email:
            email_change.send_link(request, request.user, form.new_email)
            messages.info(request, f"We sent a link to {form.new_email}: your address changes when you follow it.")
        elif form.new_email == "":
            request.user.email = ""
            request.user.save(update_fields=["email"])
            messages.info(request, "Your email address is removed: a forgotten password can no longer be reset.")
        messages.success(request, "Your settings are saved.")
        return redirect("account_settings")
    return render(request, "accounts/settings.html", {"form": form}, status=422 if form.errors else 200)


@require_http_methods(["GET", "POST"])
def confirm_email(request, token: str):
    """The link of a new email address: a button to confirm it (a GET changes nothing), then the address."""
    try:
        user, email = email_change.read(token)
        if request.method == "POST":
            email_change.confirm(token)
            messages.success(request, f"Your email address is now {email}.")
            return redirect("account_settings" if request.user == user else "login")
    except email_change.Refused as refused:
        return render(request, "accounts/confirm_email.html", {"link_refused": str(refused)})
    return render(request, "accounts/confirm_email.html", {"email": email, "username": user.username})
