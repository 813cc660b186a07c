# fish completion for tfw, with the same rules as tfw.bash beside it: tfw's own
# subcommands and --options, paths for the files they name, and everything else from
# terraform's own completion (terraform run with COMP_LINE and COMP_POINT set prints
# the candidates, one a line).
#
# Installed as share/fish/vendor_completions.d/tfw.fish, which fish loads on first use.

# The words before the cursor that terraform would see: tfw's own options and their
# values left out. The first line is the terraform binary tfw would run.
function __tfw_words
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l terraform terraform
    set -q TFW_TERRAFORM_BIN; and set terraform $TFW_TERRAFORM_BIN
    set -l subcommand
    set -l value_next
    set -l words
    for token in $tokens
        if test -n "$value_next"
            test "$value_next" = --terraform-bin; and set terraform $token
            set value_next
            continue
        end
        if string match -q -- '--*' $token; and contains -- "$subcommand" '' plan apply moves tidy
            switch $token
                case '--terraform-bin=*'
                    set terraform (string replace -- '--terraform-bin=' '' $token)
                case --max-iterations --terraform-bin --policy --moved-file --report --report-format --format --root
                    set value_next $token
            end
            continue
        end
        set -a words $token
        if test -z "$subcommand"; and not string match -q -- '-*' $token
            set subcommand $token
        end
    end
    printf '%s\n' $terraform $words
end

# The subcommand on the command line, if any.
function __tfw_subcommand
    for word in (__tfw_words)[2..-1]
        if not string match -q -- '-*' $word
            echo $word
            return 0
        end
    end
    return 1
end

# tfw reads the --options: before a subcommand, and in plan, apply, moves and tidy.
function __tfw_own
    contains -- (__tfw_subcommand; or echo '') '' plan apply moves tidy
end

function __tfw_in
    contains -- (__tfw_subcommand; or echo '') $argv
end

# Terraform's own completion of the command line.
function __tfw_terraform_candidates
    set -l words (__tfw_words)
    set -l line (string join -- ' ' terraform $words[2..-1] (commandline -ct))
    set -l candidates (COMP_LINE=$line COMP_POINT=(string length -- $line) $words[1] 2>/dev/null)
    # tfw's own subcommands are listed above, with their descriptions.
    __tfw_subcommand >/dev/null; or set candidates (string match -v -r -- '^(plan|apply|version)$' $candidates)
    printf '%s\n' $candidates
end

function __tfw_terraform_completes
    # tfw's --options and the file arguments are tfw's; the rest is terraform's.
    set -l current (commandline -ct)
    if __tfw_own
        string match -q -- '--*' $current; and return 1
        __tfw_in apply moves; and not string match -q -- '-*' $current; and return 1
        __tfw_in plan apply; and string match -q -- '-out=*' $current; and return 1
    end
    return 0
end

complete -c tfw -f
complete -c tfw -n 'not __tfw_subcommand' -a plan -d 'terraform plan, with the moved blocks a refactoring needs inferred'
complete -c tfw -n 'not __tfw_subcommand' -a apply -d 'terraform apply of exactly the plan tfw showed'
complete -c tfw -n 'not __tfw_subcommand' -a moves -d 'the moved blocks a saved plan calls for, without planning'
complete -c tfw -n 'not __tfw_subcommand' -a tidy -d 'the moved blocks every state has applied, removed with --write'
complete -c tfw -n 'not __tfw_subcommand' -a version -d "tfw's version and terraform's"
complete -c tfw -n __tfw_terraform_completes -a '(__tfw_terraform_candidates)'

# tfw's options (src/cli/args.cpp).
complete -c tfw -n __tfw_own -l help -d 'show this help'
complete -c tfw -n 'not __tfw_subcommand' -l version -d "tfw's version and terraform's"
complete -c tfw -n __tfw_own -l max-iterations -x -d 'replan at most N times looking for new moves'
complete -c tfw -n __tfw_own -l terraform-bin -r -F -d 'terraform binary'
complete -c tfw -n __tfw_own -l policy -r -F -d 'policy file'
complete -c tfw -n __tfw_own -l write -d 'persist the moves as moved blocks (with --root: removed and import blocks)'
complete -c tfw -n __tfw_own -l moved-file -x -d 'file name for --write'
complete -c tfw -n __tfw_own -l explain -d 'explain every unmatched deletion and creation'
complete -c tfw -n __tfw_own -l include-shared -d 'tfw tidy: also remove blocks from modules other configurations use'
complete -c tfw -n __tfw_own -l backend-config -r -F -d 'tfw tidy: also read the states of the backend configured with FILE'
complete -c tfw -n __tfw_own -l report -r -F -d 'write a JSON report of the run to FILE'
complete -c tfw -n __tfw_own -l report-format -x -a 'json markdown' -d '--report as json or markdown'
complete -c tfw -n '__tfw_own; and not __tfw_in plan' -l format -x -a 'hcl json commands' -d 'tfw moves output'
complete -c tfw -n '__tfw_in plan' -l format -x -a 'text json commands' -d 'tfw plan --root output'
complete -c tfw -n __tfw_own -l root -x -a '(__fish_complete_directories (string replace -r -- "^--root=" "" (commandline -ct)))' -d 'plan root module DIR too, and pair moves between roots'
# The plan file: apply's and moves' argument, and plan's -out=FILE.
complete -c tfw -n '__tfw_in apply moves; and not string match -q -- "-*" (commandline -ct)' -F
complete -c tfw -n '__tfw_in plan apply; and string match -q -- "-out=*" (commandline -ct)' -a '(__fish_complete_path (string replace -- -out= "" (commandline -ct)) | string replace -r "^" -- -out=)'
