#include "tfw/shell/converge.hpp"

#include <map>
#include <optional>

#include "tfw/core/parse/plan_json.hpp"
#include "tfw/core/parse/plan_options.hpp"
#include "tfw/core/parse/plan_text.hpp"
#include "tfw/shell/config_lifecycle.hpp"
#include "tfw/shell/engine_loop.hpp"
#include "tfw/shell/signals.hpp"

namespace tfw::shell {
namespace {

std::vector<std::string> plan_args(const PlanRequest& request, const std::filesystem::path& plan_file,
                                   const core::PlanAction& action) {
    std::vector<std::string> args = {"plan", "-input=false", "-detailed-exitcode", "-out=" + plan_file.string()};
    if (action.json || request.json_stream) args.push_back("-json");
    args.insert(args.end(), request.terraform_args.begin(), request.terraform_args.end());
    // After the user's options: Terraform takes the last value of a flag.
    if (action.skip_refresh) args.push_back("-refresh=false");
    return args;
}

// Performs the engine's actions, one at a time, and keeps each plan's output by file for
// the final one.
class Effects {
public:
    Effects(Terraform& terraform, MovedFileGuard& guard, const PlanRequest& request)
        : terraform_(terraform), guard_(guard), request_(request) {
        if (!request.root_dir.empty()) lifecycles_.emplace(request.root_dir);
    }

    core::EngineAnswer operator()(const core::PlanAction& action) {
        core::PlanOutput output;
        if (action.inject)
            for (const auto& lines : guard_.write(*action.inject)) output.block_lines.push_back({lines.first, lines.last});
        const std::filesystem::path plan_file = request_.plan_dir / action.file;
        ProcessOptions options;
        if (!action.json) options.on_stdout = request_.on_plan_output;
        ProcessResult planned = terraform_.run(plan_args(request_, plan_file, action), options);
        throw_if_interrupted();
        output.exit_code = planned.exit_code;
        output.stdout_text = planned.stdout_text;
        output.stderr_text = planned.stderr_text;
        // A plan run again for its diagnostics is not a plan the user may see.
        if (!action.json) plans_[action.file] = std::move(planned);
        return output;
    }

    core::EngineAnswer operator()(const core::ShowAction& action) {
        ProcessResult shown = terraform_.run({"show", "-json", (request_.plan_dir / action.file).string()});
        throw_if_interrupted();
        if (shown.exit_code != 0)
            throw std::runtime_error("terraform show -json failed: " + core::first_error_with_detail(shown.stderr_text));
        core::Plan plan = core::load_plan_json(shown.stdout_text);
        if (lifecycles_) lifecycles_->fill(plan);
        return core::ShownPlan{std::move(plan)};
    }

    core::EngineAnswer operator()(const core::AskAction& action) {
        const bool yes = request_.confirm(action.move, action.decision);
        throw_if_interrupted();
        return core::Answer{yes};
    }

    core::EngineAnswer operator()(const core::InjectAction& action) {
        guard_.write(action.moves);
        return core::Injected{};
    }

    ProcessResult take_plan(const std::string& file) { return std::move(plans_.at(file)); }

private:
    Terraform& terraform_;
    MovedFileGuard& guard_;
    const PlanRequest& request_;
    std::map<std::string, ProcessResult> plans_;
    std::optional<ConfigLifecycles> lifecycles_;
};

}  // namespace

ConvergeResult converge(Terraform& terraform, MovedFileGuard& guard, const PlanRequest& request) {
    core::EngineSettings settings;
    settings.max_iterations = request.max_iterations;
    settings.policy = request.policy;
    settings.can_ask = static_cast<bool>(request.confirm);
    settings.json_stream = request.json_stream;
    settings.injected_file = guard.file_name();
    settings.refresh = core::plans_refresh(request.terraform_args);
    core::ConvergeEngine engine(std::move(settings));
    Effects effects(terraform, guard, request);
    const std::string file = run_engine(engine, effects);
    ConvergeResult result;
    static_cast<core::ConvergeOutcome&>(result) = engine.outcome();
    result.final_plan = effects.take_plan(file);
    result.plan_file = request.plan_dir / file;
    return result;
}

}  // namespace tfw::shell
